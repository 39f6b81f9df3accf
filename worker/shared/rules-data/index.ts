/**
 * Rules data shared by the engine and the client: presets, options, card ids, kinds and the
 * hazard/remedy/safety pairs, score items. Data only (plus the one preset look-up `presetOptions`):
 * the rules themselves live in worker/engine. Imports nothing outside this folder, so the client may bundle it.
 */
export * from './cards';
export * from './options';
export * from './presets';
export * from './scores';
