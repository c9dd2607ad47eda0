// Prints where helm and kubectl are (unzipping them first if needed), for scripts:
//   HELM=$(npm run --silent --workspace tools/ops kube-tools -- helm)
import { ensureKubeTools } from './kube-tools.js';

const tools = ensureKubeTools();
const which = process.argv[2] as keyof typeof tools | undefined;
console.log(which ? tools[which] : JSON.stringify(tools));
