/**
 * The libraries the app starts with (React, React DOM, the router), in a chunk of their own that
 * main.tsx evaluates one task before the app: two shorter tasks instead of one long one, so a cheap
 * phone can answer a tap in between (vite.config.ts, `startupChunks`).
 */

export { createRouter, RouterProvider } from '@tanstack/react-router';
export { StrictMode, startTransition } from 'react';
export { createRoot } from 'react-dom/client';
