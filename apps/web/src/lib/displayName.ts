import type { User } from '@marketplace/contract';
import { de } from '../i18n/de.ts';

/**
 * The name the side menu shows for a user (SPEC.md §2 "Side menu"): the nickname, else the first
 * name, else the part of the e-mail before '@', else 'Benutzer'. Blank values count as missing.
 * A logged-out visitor (null) also gets 'Benutzer'. Only for the member's own account (menu,
 * settings): other members' names come from the server, which never shows e-mail addresses and
 * names members without nickname and first name 'Mitglied' plus a short code.
 */
export function displayName(user: Pick<User, 'nickname' | 'first_name' | 'email'> | null): string {
  const nickname = user?.nickname?.trim();
  if (nickname) return nickname;
  const firstName = user?.first_name?.trim();
  if (firstName) return firstName;
  const localPart = user?.email?.split('@')[0]?.trim();
  if (localPart) return localPart;
  return de.user.fallbackName;
}
