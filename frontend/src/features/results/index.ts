export { ResultView } from './components/ResultView';
export { useSearch, isFinished } from './api/get-search';
export { liveStatus } from './stages';
