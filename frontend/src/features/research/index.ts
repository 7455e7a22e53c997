export { EvidenceTable } from './components/EvidenceTable';
export { ResearchPanel } from './components/ResearchPanel';
