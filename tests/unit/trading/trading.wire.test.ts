import { describe, expect, it } from 'vitest';
import { OptionsOrderWire, positionFromWire, positionToWire } from '../../../src/contract/trading.ts';

describe('a position to and from the wire', () => {
  it('keeps every field of the published schema (positionToWire copies them one by one)', () => {
    const keys = Object.keys(OptionsOrderWire.properties);
    // a distinct value per field, so a field copied into another's place shows too
    const wire = Object.fromEntries(keys.map((k, i) => [k, `${k}-${i}`])) as unknown as OptionsOrderWire;
    expect(positionToWire(positionFromWire(wire))).toEqual(wire);
    expect(Object.keys(positionToWire(positionFromWire(wire))).sort()).toEqual([...keys].sort());
  });
});
