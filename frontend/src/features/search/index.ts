export { AskForm } from './components/AskForm';
export { EXAMPLE_QUESTIONS } from './examples';
