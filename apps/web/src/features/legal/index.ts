/** The door of the legal pages (SPEC.md §2 "Legal"): imprint, privacy, terms, cookies. */
export { legalPages } from './pages.ts';
/** The site's name, AGB version and operator data as the server configures them. */
export { servedSiteConfig, siteConfigQuery, useSiteConfig } from './site.ts';
/** The once-only question to accept changed AGB, placed in the app frame. */
export { mustAcceptTerms, TermsGate } from './TermsGate.tsx';
