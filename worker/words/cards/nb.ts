/** Norwegian (bokmål) card names; soft hyphens (U+00AD) let long compounds wrap on a card face. */
import type { CardNames } from './catalog';

export const nb: CardNames = {
  d25: '25 km',
  d50: '50 km',
  d75: '75 km',
  d100: '100 km',
  d200: '200 km',
  accident: 'Ulykke',
  out_of_gas: 'Bensin\u00ADstopp',
  flat_tire: 'Punk\u00ADtering',
  speed_limit: 'Farts\u00ADgrense',
  stop: 'Rødt lys',
  repairs: 'Repara\u00ADsjon',
  gasoline: 'Bensin',
  spare_tire: 'Reserve\u00ADhjul',
  end_of_limit: 'Opphevet farts\u00ADgrense',
  roll: 'Grønt lys',
  driving_ace: 'Mester\u00ADsjåfør',
  extra_tank: 'Tankbil',
  puncture_proof: 'Punk\u00ADterings\u00ADfri',
  right_of_way: 'Prioritet',
};
