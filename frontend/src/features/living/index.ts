export { LivingPanel } from './components/LivingPanel';
