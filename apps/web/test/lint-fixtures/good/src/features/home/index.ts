export { HomePage } from './HomePage.ts';
