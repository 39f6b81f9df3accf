/** German card names; soft hyphens (U+00AD) let long compounds wrap on a card face. */
import type { CardNames } from './catalog';

export const de: CardNames = {
  d25: '25 km',
  d50: '50 km',
  d75: '75 km',
  d100: '100 km',
  d200: '200 km',
  accident: 'Unfall',
  out_of_gas: 'Kein Benzin',
  flat_tire: 'Reifen\u00ADpanne',
  speed_limit: 'Tempolimit',
  stop: 'Rotes Licht',
  repairs: 'Repara\u00ADtur',
  gasoline: 'Benzin',
  spare_tire: 'Ersatz\u00ADreifen',
  end_of_limit: 'Ende Tempolimit',
  roll: 'Grünes Licht',
  driving_ace: 'Fahr-Ass',
  extra_tank: 'Tank\u00ADwagen',
  puncture_proof: 'Pannen\u00ADsicher',
  right_of_way: 'Vorfahrt',
};
