export { AskForm } from './components/AskForm';
export { EXAMPLE_QUESTIONS } from './examples';
export { useCreateSearch } from './api/create-search';
