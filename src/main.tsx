import { createRoot } from 'react-dom/client';
import './views/styles/global.css';
import { getSettings } from './services/settings.ts';
import { initI18n } from './i18n/index.ts';
import { App } from './views/App.tsx';

// The stored language is read synchronously and applied (<html lang dir>, its strings loaded)
// before the first render, so the page never flashes another language or direction.
const { language } = getSettings();
await initI18n(language);
createRoot(document.getElementById('root')!).render(<App userAgent={navigator.userAgent} />);
