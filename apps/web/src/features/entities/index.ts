/** The directory of shops, service providers and members (/entities): its door for the route table. */
export { entityPages } from './pages.ts';
