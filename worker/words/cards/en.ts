/** English card names, as in the Hasbro 2016 English edition (RULES.md §1). */
import type { CardNames } from './catalog';

export const en: CardNames = {
  d25: '25 km',
  d50: '50 km',
  d75: '75 km',
  d100: '100 km',
  d200: '200 km',
  accident: 'Accident',
  out_of_gas: 'Out of Gas',
  flat_tire: 'Flat Tire',
  speed_limit: 'Speed Limit',
  stop: 'Stop',
  repairs: 'Repairs',
  gasoline: 'Gasoline',
  spare_tire: 'Spare Tire',
  end_of_limit: 'End of Limit',
  roll: 'Roll',
  driving_ace: 'Driving Ace',
  extra_tank: 'Extra Tank',
  puncture_proof: 'Puncture-Proof',
  right_of_way: 'Right of Way',
};
