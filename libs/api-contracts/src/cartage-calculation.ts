// Issue 27 §2, cartage (porterage) templates: the one cartage calculation (docs/merchant-centre.md "Cartage
// templates"). store-server's quote and the goods release picker's preview both call it, so the price a merchant
// previews is the price the server quotes. Pure: no I/O, integer cents and integer floors and metres in, integer
// cents out.

/**
 * A distance band: a carry from the vehicle to the building door of at least `fromMeters` and less than `toMeters`
 * metres costs `cents` per piece. Bands of one template never overlap.
 */
export interface CartageBand {
  fromMeters: number;
  toMeters: number;
  cents: number;
}

export interface CartageRules {
  /** Floors reached at no floor charge (1: the ground floor; 0: every floor is charged). */
  freeFloors: number;
  /** Per piece and per charged floor when the building has a lift. */
  perFloorWithLiftCents: number;
  /** Per piece and per charged floor carried up the stairs. */
  perFloorWithoutLiftCents: number;
  /** [] = any distance is carried at no distance charge; else a distance in no band is not carried. */
  distanceBands: CartageBand[];
  /** The least a job that is carried costs. */
  minimumCents: number;
}

/** One delivery to carry: how many bulky pieces, to which floor (1 = ground), with or without a lift, how far. */
export interface CartageJob {
  pieces: number;
  floor: number;
  hasLift: boolean;
  distanceMeters: number;
}

export interface CartageQuote {
  /** charged: floors + distance; minimum: the minimum charge was more; tooFar: no band holds the distance. */
  outcome: 'charged' | 'minimum' | 'tooFar';
  /** null when the template does not carry that far. */
  cartageCents: number | null;
  /** Floors charged: the job's floor above the free floors. */
  chargedFloors: number;
  /** pieces × charged floors × the per-floor price (with or without a lift). */
  floorCents: number;
  /** pieces × the band's price (0 when the template has no bands). */
  distanceCents: number;
  /** The band holding the distance (0-based), null when there are no bands or none holds it. */
  bandIndex: number | null;
}

/** The band holding `distanceMeters` (its start included, its end not), or -1. */
export function bandOf(bands: readonly CartageBand[], distanceMeters: number): number {
  return bands.findIndex((band) => band.fromMeters <= distanceMeters && distanceMeters < band.toMeters);
}

/**
 * The cartage of `job` under `rules`:
 * 1. no pieces: nothing to carry, 0;
 * 2. the distance in no band (when there are bands): not carried;
 * 3. pieces × (charged floors × the per-floor price with or without a lift + the band's price);
 * 4. raised to the minimum charge when below it.
 */
export function quoteCartage(rules: CartageRules, job: CartageJob): CartageQuote {
  const chargedFloors = Math.max(0, job.floor - rules.freeFloors);
  const perFloor = job.hasLift ? rules.perFloorWithLiftCents : rules.perFloorWithoutLiftCents;
  const floorCents = job.pieces * chargedFloors * perFloor;
  if (job.pieces === 0) return { outcome: 'charged', cartageCents: 0, chargedFloors, floorCents: 0, distanceCents: 0, bandIndex: null };
  const bandIndex = rules.distanceBands.length === 0 ? null : bandOf(rules.distanceBands, job.distanceMeters);
  if (bandIndex === -1) return { outcome: 'tooFar', cartageCents: null, chargedFloors, floorCents, distanceCents: 0, bandIndex: null };
  const distanceCents = bandIndex === null ? 0 : job.pieces * (rules.distanceBands[bandIndex] as CartageBand).cents;
  const subtotal = floorCents + distanceCents;
  if (subtotal < rules.minimumCents) return { outcome: 'minimum', cartageCents: rules.minimumCents, chargedFloors, floorCents, distanceCents, bandIndex };
  return { outcome: 'charged', cartageCents: subtotal, chargedFloors, floorCents, distanceCents, bandIndex };
}

/**
 * Pairs of bands that overlap, as [earlier position, later position] (0-based), each pair once: the save refuses
 * them, since a distance in both would have two prices.
 */
export function overlappingBands(bands: readonly Pick<CartageBand, 'fromMeters' | 'toMeters'>[]): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  bands.forEach((band, later) => {
    for (let earlier = 0; earlier < later; earlier++) {
      const other = bands[earlier] as CartageBand;
      if (band.fromMeters < other.toMeters && other.fromMeters < band.toMeters) pairs.push([earlier, later]);
    }
  });
  return pairs;
}

/** The sample job of the goods release picker's preview: two pieces to the 6th floor without a lift, 30 m from the vehicle. */
export const CARTAGE_SAMPLE_JOB: CartageJob = { pieces: 2, floor: 6, hasLift: false, distanceMeters: 30 };
