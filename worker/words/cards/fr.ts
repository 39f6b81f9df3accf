/**
 * French card names: the game's original names (RULES.md §1), distances in bornes; a soft hyphen
 * (U+00AD) lets the longest word wrap on a small card face.
 */
import type { CardNames } from './catalog';

export const fr: CardNames = {
  d25: '25 bornes',
  d50: '50 bornes',
  d75: '75 bornes',
  d100: '100 bornes',
  d200: '200 bornes',
  accident: 'Accident',
  out_of_gas: 'Panne d’essence',
  flat_tire: 'Crevaison',
  speed_limit: 'Limite de vitesse',
  stop: 'Feu rouge',
  repairs: 'Répa\u00ADrations',
  gasoline: 'Essence',
  spare_tire: 'Roue de secours',
  end_of_limit: 'Fin de limite de vitesse',
  roll: 'Feu vert',
  driving_ace: 'As du volant',
  extra_tank: 'Citerne d’essence',
  puncture_proof: 'Increvable',
  right_of_way: 'Véhicule prioritaire',
};
