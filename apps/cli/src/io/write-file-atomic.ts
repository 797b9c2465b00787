export { writeFileAtomic } from '@loadout/eval/files';
