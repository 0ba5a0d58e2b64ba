// Boot: renders the app. (The shell replaces this placeholder entry with the real one.)
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<p>Keyflow</p>);
