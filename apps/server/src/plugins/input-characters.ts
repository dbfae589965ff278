import { INVALID_CHARACTERS_MESSAGE } from '@marketplace/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, requestPartNames } from '../lib/errors.ts';

const NUL = '\u0000';

/**
 * Where the first NUL byte in a parsed request part is: the dotted path of the string value or
 * of the key that holds it (`attributes.zustand`, `images.0`), '' for a part that is itself such
 * a string, null when there is none. Walks without recursion, so a deeply nested JSON body
 * cannot overflow the stack; raw bytes (Buffers) are not text and are skipped.
 */
export function pathOfNulByte(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
      continue;
    }
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    const children: [unknown, string][] = [];
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return childPath;
      children.push([child, childPath]);
    }
    // Reversed onto the stack, so the first field in the request is the one named.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as [unknown, string]);
  }
  return null;
}

/**
 * Refuses a NUL byte anywhere in an API request's path parameters, query string or JSON body
 * (values and keys) with a 422 `validation` whose German detail names the field, e.g.
 * "Parameter 'q': Der Text enthält ungültige Zeichen (z. B. Steuerzeichen).", before the
 * route's own validation and before anything is read or written: PostgreSQL refuses NUL in
 * text and jsonb, so no route lets one through to the database (ARCHITECTURE.md "Errors").
 * The contract's `userText` fields also refuse the other control characters, field by field.
 * Multipart fields are not parsed here; the upload routes validate them with the contract.
 */
async function inputCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [part, value] of parts) {
      const path = pathOfNulByte(value);
      if (path === null) continue;
      const field = path.replaceAll(NUL, '\uFFFD');
      throw new AppError(
        'validation',
        field
          ? `${requestPartNames[part]} '${field}': ${INVALID_CHARACTERS_MESSAGE}`
          : `Ungültige Anfrage: ${INVALID_CHARACTERS_MESSAGE}`,
      );
    }
  });
}

export default fp(inputCharacters, { name: 'input-characters', dependencies: ['error-handler'] });
