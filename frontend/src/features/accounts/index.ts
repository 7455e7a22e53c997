export { useMe, useLogout } from './api/accounts';
export { AuthForm } from './components/AuthForm';
export { HistoryView } from './components/HistoryView';
export { TopicsChart } from './components/TopicsChart';
export { NotesList, NotesPanel } from './components/Notes';
