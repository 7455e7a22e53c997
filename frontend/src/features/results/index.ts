export { ResultView } from './components/ResultView';
export { useSearch, isFinished } from './api/get-search';
export { liveStatus } from './stages';
export { useReadingMode } from './api/reading-mode';
export { VERDICT_NAMES } from './words';
