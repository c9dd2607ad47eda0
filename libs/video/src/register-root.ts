import { registerRoot } from 'remotion';
import { Root } from './root.js';

// The entry point of a Remotion bundle (`bundle({ entryPoint })`); not part of the package's index,
// because registering a root is a side effect only a bundle wants.
registerRoot(Root);
