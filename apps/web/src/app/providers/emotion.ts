/**
 * The key of the Emotion cache MUI's styles go into, in the browser and on the server: the
 * server's `<style data-emotion="css …">` elements are taken over by the browser's cache of the
 * same key, so hydration inserts none of them again (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */
export const EMOTION_CACHE_KEY = 'css';
