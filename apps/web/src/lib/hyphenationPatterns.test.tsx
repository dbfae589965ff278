import fs from 'node:fs';
import { createRequire } from 'node:module';
import { render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HandOverProvider, useHandedOver } from './handOver.tsx';
import { Hyphenated, HyphenationProvider, needsHyphenationPatterns } from './hyphenation.tsx';

const require = createRequire(import.meta.url);

// Its own file: Hyphenopoly keeps the patterns it loaded per process, and the server's
// hyphenation (hyphenation.test.tsx) loads them from disk.
describe('German hyphenation in a browser without a German dictionary', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads the patterns where the browser cannot hyphenate German, and then hyphenates', async () => {
    // A browser that lays the probe's long word out on one line (12 px) has no German dictionary.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(12);
    const patterns = fs.readFileSync(require.resolve('hyphenopoly/patterns/de.wasm'));
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(patterns);
    });
    render(
      <HyphenationProvider>
        <h1>
          <Hyphenated text="Benachrichtigungseinstellungen" />
        </h1>
      </HyphenationProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Benachrichtigungseinstellungen');
    await waitFor(() =>
      expect(screen.getByRole('heading').textContent).toBe(
        'Be\u00adnach\u00adrich\u00adti\u00adgungs\u00adein\u00adstel\u00adlun\u00adgen',
      ),
    );
    expect(fetched).toEqual([expect.stringMatching(/de\.wasm/)]);
  });

  it('asks for the patterns only where the probe word stays on one laid-out line', () => {
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get');
    height.mockReturnValue(12);
    expect(needsHyphenationPatterns()).toBe(true);
    // A German dictionary breaks the word over two lines of 12 px.
    height.mockReturnValue(24);
    expect(needsHyphenationPatterns()).toBe(false);
    // Nothing laid out (no rendering engine): nothing to hyphenate for.
    height.mockReturnValue(0);
    expect(needsHyphenationPatterns()).toBe(false);
    expect(document.body.children).toHaveLength(0);
  });

  it("loads nothing for a page the server rendered while it shows only the server's texts", async () => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(12);
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(null, { status: 404 });
    });
    const served = 'Be\u00adnach\u00adrich\u00adti\u00adgungs\u00adein\u00adstel\u00adlun\u00adgen';
    const root = document.createElement('div');
    root.id = 'root';
    root.setAttribute('data-server-rendered', '');
    root.innerHTML = `<h1><span>${served}</span></h1>`;
    document.body.append(root);
    const handedOver: boolean[] = [];
    function Probe() {
      handedOver.push(useHandedOver());
      return null;
    }
    await act(async () => {
      hydrateRoot(
        root,
        <HandOverProvider>
          <HyphenationProvider>
            <h1>
              <Hyphenated text="Benachrichtigungseinstellungen" />
            </h1>
            <Probe />
          </HyphenationProvider>
        </HandOverProvider>,
      );
    });
    await waitFor(() => expect(handedOver.at(-1)).toBe(true));
    expect(root.querySelector('h1')?.textContent).toBe(served);
    expect(fetched).toEqual([]);
  });
});
