/** The door of the account settings (SPEC.md §2 "/settings"). */
export { settingsPages } from './pages.ts';
