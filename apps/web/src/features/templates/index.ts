/**
 * The door of the member's templates: the pages /vorlagen (ad templates) and /text-templates
 * (chat text templates), 'Als Vorlage speichern' for the ad form and Meine Anzeigen, an ad
 * template's query for `/create-listing?template={id}`, and 'Textvorlage einfügen' for the chat.
 */

export { useListingTemplate } from './api.ts';
export { templatePages } from './pages.ts';
export { SaveAsTemplateButton, type TemplateFields, useSaveAsTemplate } from './SaveAsTemplateButton.tsx';
export { TextTemplateMenu } from './TextTemplateMenu.tsx';
export { templateTexts } from './texts.ts';
