import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { favoriteFailure } from './favoriteErrors.ts';

describe('favourite error texts (SPEC.md §8)', () => {
  it("401 reads 'Bitte melde dich an, um Favoriten hinzuzufügen'", () => {
    expect(favoriteFailure('add', new ApiError(401, 'Bitte melde dich an.'))).toEqual({
      text: 'Bitte melde dich an, um Favoriten hinzuzufügen',
      treatAsSuccess: false,
    });
    expect(favoriteFailure('remove', new ApiError(401, 'x')).text).toBe(
      'Bitte melde dich an, um Favoriten hinzuzufügen',
    );
  });

  it("400 'Listing is already in favorites' reads 'Anzeige ist bereits in deinen Favoriten' and counts as added", () => {
    expect(favoriteFailure('add', new ApiError(400, 'Listing is already in favorites'))).toEqual({
      text: 'Anzeige ist bereits in deinen Favoriten',
      treatAsSuccess: true,
    });
  });

  it("other add failures read 'Fehler beim Hinzufügen zur Merkliste'", () => {
    for (const error of [
      new ApiError(400, 'Du kannst deine eigene Anzeige nicht merken.'),
      new ApiError(500, 'HTTP 500'),
      new TypeError('Failed to fetch'),
    ]) {
      expect(favoriteFailure('add', error)).toEqual({
        text: 'Fehler beim Hinzufügen zur Merkliste',
        treatAsSuccess: false,
      });
    }
  });

  it("remove failures read 'Fehler beim Entfernen aus der Merkliste'", () => {
    expect(favoriteFailure('remove', new ApiError(404, 'Nicht gefunden')).text).toBe(
      'Fehler beim Entfernen aus der Merkliste',
    );
    expect(favoriteFailure('remove', new ApiError(400, 'Listing is already in favorites')).text).toBe(
      'Fehler beim Entfernen aus der Merkliste',
    );
  });
});
