/**
 * The door of the shops and service providers (SPEC.md §2 /shop/{id}, /provider/{id},
 * /shop-registration, the directory's tabs Shops and Dienstleister): the pages, the directory's
 * list, the ADMIN's queue and the settings' section.
 */
export { AdminProfilesPanel } from './AdminProfilesPanel.tsx';
/** The shop and provider pages' first answers, for the server that renders them. */
export { shopQueries } from './api.ts';
export { ProfileDirectory } from './ProfileDirectory.tsx';
export { ProfilesSettingsSection } from './ProfilesSettingsSection.tsx';
export { shopPages } from './pages.ts';
