export { closestName } from '@loadout/core/plugins';
