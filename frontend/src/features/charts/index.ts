export { EvidenceCharts } from './components/EvidenceCharts';
