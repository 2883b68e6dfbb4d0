import fc from 'fast-check';
import { CARTAGE_SAMPLE_JOB, bandOf, overlappingBands, quoteCartage, type CartageJob, type CartageRules } from './cartage-calculation';
import { cartageEndpoints } from './endpoints/cartage';
import { validationErrInfoOf } from './validation-answer';

const rules: CartageRules = {
  freeFloors: 1,
  perFloorWithLiftCents: 200,
  perFloorWithoutLiftCents: 800,
  distanceBands: [
    { fromMeters: 0, toMeters: 30, cents: 0 },
    { fromMeters: 30, toMeters: 100, cents: 1_500 },
  ],
  minimumCents: 3_000,
};

const job = (more: Partial<CartageJob> = {}): CartageJob => ({ pieces: 1, floor: 1, hasLift: false, distanceMeters: 0, ...more });

describe('quoteCartage: floors', () => {
  it('charges each floor above the free floors per piece, at the stairs price without a lift', () => {
    expect(quoteCartage({ ...rules, minimumCents: 0 }, job({ pieces: 2, floor: 6 }))).toEqual({ outcome: 'charged', cartageCents: 2 * 5 * 800, chargedFloors: 5, floorCents: 8_000, distanceCents: 0, bandIndex: 0 });
  });

  it('charges the lift price per floor with a lift', () => {
    expect(quoteCartage({ ...rules, minimumCents: 0 }, job({ pieces: 2, floor: 6, hasLift: true }))).toMatchObject({ cartageCents: 2 * 5 * 200, floorCents: 2_000, chargedFloors: 5 });
  });

  it('charges no floor up to the free floors, and every floor when none is free', () => {
    expect(quoteCartage({ ...rules, minimumCents: 0, freeFloors: 3 }, job({ floor: 3 }))).toMatchObject({ cartageCents: 0, chargedFloors: 0 });
    expect(quoteCartage({ ...rules, minimumCents: 0, freeFloors: 3 }, job({ floor: 4 }))).toMatchObject({ cartageCents: 800, chargedFloors: 1 });
    expect(quoteCartage({ ...rules, minimumCents: 0, freeFloors: 0 }, job({ floor: 1 }))).toMatchObject({ cartageCents: 800, chargedFloors: 1 });
  });
});

describe('quoteCartage: distance bands', () => {
  const free = { ...rules, minimumCents: 0 };

  it("a band holds its start and not its end: 29 m is the first band, 30 m the second's start, 99 m its last metre", () => {
    expect(quoteCartage(free, job({ distanceMeters: 0 }))).toMatchObject({ bandIndex: 0, distanceCents: 0 });
    expect(quoteCartage(free, job({ distanceMeters: 29 }))).toMatchObject({ bandIndex: 0, distanceCents: 0 });
    expect(quoteCartage(free, job({ distanceMeters: 30 }))).toMatchObject({ bandIndex: 1, distanceCents: 1_500, cartageCents: 1_500 });
    expect(quoteCartage(free, job({ distanceMeters: 99, pieces: 3 }))).toMatchObject({ bandIndex: 1, distanceCents: 4_500, cartageCents: 4_500 });
  });

  it('a distance no band holds is not carried: from the last end on, and in a gap', () => {
    expect(quoteCartage(free, job({ distanceMeters: 100 }))).toEqual({ outcome: 'tooFar', cartageCents: null, chargedFloors: 0, floorCents: 0, distanceCents: 0, bandIndex: null });
    const gap = { ...free, distanceBands: [{ fromMeters: 0, toMeters: 10, cents: 0 }, { fromMeters: 20, toMeters: 30, cents: 100 }] };
    expect(quoteCartage(gap, job({ distanceMeters: 15 })).outcome).toBe('tooFar');
    expect(quoteCartage(gap, job({ distanceMeters: 20 }))).toMatchObject({ outcome: 'charged', bandIndex: 1, cartageCents: 100 });
  });

  it('no bands: any distance is carried at no distance charge', () => {
    expect(quoteCartage({ ...free, distanceBands: [] }, job({ distanceMeters: 5_000, floor: 2 }))).toMatchObject({ outcome: 'charged', bandIndex: null, distanceCents: 0, cartageCents: 800 });
  });

  it('adds floors and distance', () => {
    expect(quoteCartage(free, job({ pieces: 2, floor: 3, distanceMeters: 50 }))).toMatchObject({ cartageCents: 2 * 2 * 800 + 2 * 1_500, floorCents: 3_200, distanceCents: 3_000 });
  });
});

describe('quoteCartage: the minimum', () => {
  it('raises a job below the minimum to it; a job at or above it pays its own price', () => {
    expect(quoteCartage(rules, job({ floor: 2 }))).toMatchObject({ outcome: 'minimum', cartageCents: 3_000, floorCents: 800 });
    expect(quoteCartage(rules, job({ floor: 2, distanceMeters: 30 }))).toMatchObject({ outcome: 'minimum', cartageCents: 3_000 });
    // 2 pieces × (1 floor × 800 + 700) = 3,000: exactly the minimum, charged as is.
    const exact = { ...rules, distanceBands: [{ fromMeters: 0, toMeters: 100, cents: 700 }] };
    expect(quoteCartage(exact, job({ pieces: 2, floor: 2 }))).toMatchObject({ outcome: 'charged', cartageCents: 3_000 });
    expect(quoteCartage(exact, job({ pieces: 2, floor: 3 }))).toMatchObject({ outcome: 'charged', cartageCents: 4_600 });
  });

  it('an empty job costs nothing, whatever the minimum', () => {
    expect(quoteCartage(rules, job({ pieces: 0, floor: 9, distanceMeters: 5_000 }))).toMatchObject({ outcome: 'charged', cartageCents: 0 });
  });

  it('prices the sample job of the goods release preview', () => {
    expect(quoteCartage(rules, CARTAGE_SAMPLE_JOB)).toMatchObject({ outcome: 'charged', cartageCents: 2 * 5 * 800 + 2 * 1_500 });
  });
});

const bandsArb = fc.array(fc.record({ fromMeters: fc.integer({ min: 0, max: 500 }), width: fc.integer({ min: 1, max: 200 }), cents: fc.integer({ min: 0, max: 100_000 }) }), { maxLength: 5 }).map((bands) => {
  // Laid end to end from their own starts: sorted and shifted so that none overlaps.
  let at = 0;
  return bands.map((band) => {
    const fromMeters = at + (band.fromMeters % 50);
    at = fromMeters + band.width;
    return { fromMeters, toMeters: at, cents: band.cents };
  });
});
const rulesArb: fc.Arbitrary<CartageRules> = fc.record({
  freeFloors: fc.integer({ min: 0, max: 5 }),
  perFloorWithLiftCents: fc.integer({ min: 0, max: 10_000 }),
  perFloorWithoutLiftCents: fc.integer({ min: 0, max: 10_000 }),
  distanceBands: bandsArb,
  minimumCents: fc.integer({ min: 0, max: 100_000 }),
});
const jobArb: fc.Arbitrary<CartageJob> = fc.record({ pieces: fc.integer({ min: 0, max: 50 }), floor: fc.integer({ min: 1, max: 100 }), hasLift: fc.boolean(), distanceMeters: fc.integer({ min: 0, max: 1_500 }) });

describe('quoteCartage: properties', () => {
  it('one more floor never lowers the charge', () => {
    fc.assert(
      fc.property(rulesArb, jobArb, (r, j) => {
        const here = quoteCartage(r, j);
        const higher = quoteCartage(r, { ...j, floor: j.floor + 1 });
        expect(higher.outcome === 'tooFar').toBe(here.outcome === 'tooFar');
        if (here.cartageCents !== null) expect(higher.cartageCents).toBeGreaterThanOrEqual(here.cartageCents);
      }),
    );
  });

  it('one more piece never lowers the charge', () => {
    fc.assert(
      fc.property(rulesArb, jobArb, (r, j) => {
        const here = quoteCartage(r, j);
        const more = quoteCartage(r, { ...j, pieces: j.pieces + 1 });
        if (here.cartageCents !== null && more.cartageCents !== null) expect(more.cartageCents).toBeGreaterThanOrEqual(here.cartageCents);
      }),
    );
  });

  it('a carried job of at least one piece costs whole cents, at least the minimum', () => {
    fc.assert(
      fc.property(rulesArb, jobArb, (r, j) => {
        const quote = quoteCartage(r, { ...j, pieces: Math.max(1, j.pieces) });
        if (quote.cartageCents === null) return;
        expect(Number.isInteger(quote.cartageCents)).toBe(true);
        expect(quote.cartageCents).toBe(Math.max(r.minimumCents, quote.floorCents + quote.distanceCents));
      }),
    );
  });
});

describe('bands', () => {
  it('bandOf finds the band holding a distance, or -1', () => {
    expect(bandOf(rules.distanceBands, 30)).toBe(1);
    expect(bandOf(rules.distanceBands, 100)).toBe(-1);
  });

  it('overlappingBands names each overlapping pair once; touching bands do not overlap', () => {
    expect(overlappingBands([{ fromMeters: 0, toMeters: 30 }, { fromMeters: 30, toMeters: 60 }])).toEqual([]);
    expect(overlappingBands([{ fromMeters: 0, toMeters: 30 }, { fromMeters: 20, toMeters: 60 }, { fromMeters: 50, toMeters: 70 }])).toEqual([[0, 1], [1, 2]]);
    expect(overlappingBands([{ fromMeters: 10, toMeters: 20 }, { fromMeters: 0, toMeters: 100 }])).toEqual([[0, 1]]);
  });
});

describe('the add contract refuses bad input on its field', () => {
  const valid = { name: 'Stairs', freeFloors: 1, perFloorWithLiftCents: 200, perFloorWithoutLiftCents: 800, distanceBands: rules.distanceBands, minimumCents: 3_000 };
  const problems = (biz: Record<string, unknown>) => {
    const parsed = cartageEndpoints.addCartageTemplate.biz.safeParse(biz);
    return parsed.success ? [] : validationErrInfoOf(parsed.error, biz).problems.map((p) => [p.field, p.problem.rule]);
  };

  it('accepts a valid template', () => {
    expect(problems(valid)).toEqual([]);
  });

  it.each([
    ['a negative price', { perFloorWithLiftCents: -1 }, [['perFloorWithLiftCents', 'notNegative']]],
    ['part cents', { minimumCents: 10.5 }, [['minimumCents', 'wholeCents']]],
    ['free floors below 0', { freeFloors: -1 }, [['freeFloors', 'notNegative']]],
    ['a band ending at its start', { distanceBands: [{ fromMeters: 30, toMeters: 30, cents: 0 }] }, [['distanceBands.0.toMeters', 'bandEnd']]],
    ['a band ending before its start', { distanceBands: [{ fromMeters: 0, toMeters: 10, cents: 0 }, { fromMeters: 50, toMeters: 40, cents: 0 }] }, [['distanceBands.1.toMeters', 'bandEnd']]],
    ['overlapping bands', { distanceBands: [{ fromMeters: 0, toMeters: 30, cents: 0 }, { fromMeters: 29, toMeters: 60, cents: 0 }] }, [['distanceBands.1.fromMeters', 'overlapsBand']]],
  ])('%s', (_name, patch, expected) => {
    expect(problems({ ...valid, ...patch })).toEqual(expected);
  });
});
