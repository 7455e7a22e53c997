export { DocumentView } from './components/DocumentView';
export { documentKeys } from './api/keys';
export { getDocument, useDocument } from './api/get-document';
