// Relative dates read the same in the browser and in the server's first HTML of the home page.
export { relativeTime, relativeTimeInSentence, relativeTimeShort } from '@marketplace/contract';
