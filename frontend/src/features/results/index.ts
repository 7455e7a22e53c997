export { ResultView } from './components/ResultView';
export { useSearch } from './api/get-search';
export { isFinished } from './api/follow';
export { liveStatus } from './stages';
export { useReadingMode } from './api/reading-mode';
export { VERDICT_NAMES } from './words';
