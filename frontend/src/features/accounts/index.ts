export { useMe } from './api/get-me';
export { useLogout } from './api/logout';
export { AuthForm } from './components/AuthForm';
export { HistoryView } from './components/HistoryView';
export { TopicsChart } from './components/TopicsChart';
export { NotesList, NotesPanel } from './components/Notes';
