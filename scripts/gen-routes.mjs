// Regenerates src/client/routeTree.gen.ts from src/client/routes (what the Vite plugin does during a
// build), so a new route file typechecks without a full build.
import { Generator, getConfig } from '@tanstack/router-generator';

const root = process.cwd();
const config = getConfig(
  { target: 'react', routesDirectory: 'src/client/routes', generatedRouteTree: 'src/client/routeTree.gen.ts', autoCodeSplitting: true },
  root,
);
await new Generator({ config, root }).run();
