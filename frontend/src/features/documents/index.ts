export { DocumentView } from './components/DocumentView';
export { documentKeys, getDocument, useDocument } from './api/get-document';
