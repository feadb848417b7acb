import { INSTRUMENT_TYPES, type FindMarketQuery, type InstrumentType } from './market.ts';

/**
 * What an instrument page's address names (`/cruuency?code&type&id`, docs/market.md "Finding an
 * instrument"): a code or base code, the kind of market, the id. Anything that cannot be one is
 * left out. The app looks the instrument up with it (src/views/market/Currency.tsx), and the
 * server writes the page's first frame with it (server/market/pageFrame.ts): both show the same
 * instrument. A module of its own, so the home page's JavaScript does not carry it.
 */
export function lookupOfAddress(param: (name: string) => string | null | undefined): FindMarketQuery {
  const code = (param('code') ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 20);
  const type = param('type') ?? '';
  const id = param('id') ?? '';
  return {
    ...(code ? { code } : {}),
    ...((INSTRUMENT_TYPES as readonly string[]).includes(type) ? { type: type as InstrumentType } : {}),
    ...(/^[0-9]{1,18}$/.test(id) ? { id } : {}),
  };
}
