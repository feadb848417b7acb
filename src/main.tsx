import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './views/platform/styles/global.css';
import { getSettings } from './services/platform/settings.ts';
import { initI18n } from './i18n/index.ts';
import { App } from './views/App.tsx';

// The stored language is read synchronously and applied (<html lang dir>, its strings loaded)
// before the first render, so the page never flashes another language or direction.
const { language } = getSettings();
await initI18n(language);
// The first render as a transition: React renders it in slices that give the browser its thread
// back every few milliseconds instead of in one long task, so a slow phone keeps answering taps
// while the app takes over from index.html's static hero (docs/performance.md).
const root = createRoot(document.getElementById('root')!);
startTransition(() => root.render(<App userAgent={navigator.userAgent} />));
