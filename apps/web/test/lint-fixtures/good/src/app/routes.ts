import { HomePage } from '../features/home/index.ts';

/** app/ composes features through their doors. */
export const routes = [{ path: '/', page: HomePage }];
