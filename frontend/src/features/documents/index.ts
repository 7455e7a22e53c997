export { DocumentView } from './components/DocumentView';
export { useDocument } from './api/get-document';
