import { describe, expect, it } from 'vitest';
import { loginPathFor, nextPathFrom, safeNextPath, withNext } from './loginRedirect.ts';

describe('login redirect', () => {
  it('carries the page and its query in next', () => {
    const path = loginPathFor('/chat', '?listingId=42');
    expect(path.startsWith('/login?next=')).toBe(true);
    expect(nextPathFrom(path.slice('/login'.length))).toBe('/chat?listingId=42');
  });

  it('only returns to same-origin paths', () => {
    expect(nextPathFrom('?next=%2Fdashboard')).toBe('/dashboard');
    expect(nextPathFrom('')).toBe('/');
    expect(nextPathFrom('?next=https%3A%2F%2Fevil.example')).toBe('/');
    expect(nextPathFrom('?next=%2F%2Fevil.example')).toBe('/');
    expect(nextPathFrom('?next=%2F%5Cevil.example')).toBe('/');
  });

  it.each([
    ['/settings', '/settings'],
    ['/user/42?tab=follower#top', '/user/42?tab=follower#top'],
    ['/a/../favorites', '/favorites'],
  ])('keeps the same-origin path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    null,
    '',
    'dashboard',
    'https://evil.example/',
    'javascript:alert(1)',
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '\\\\evil.example',
  ])('refuses %j and goes home', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('carries next between login and registration, leaving out the home page', () => {
    expect(withNext('/register', '/chat?sellerId=7')).toBe('/register?next=%2Fchat%3FsellerId%3D7');
    expect(withNext('/register', '/')).toBe('/register');
  });
});
