/** @jsxImportSource react */
// A server-rendered React 19 page: the markup comes from renderToString at test time, and the
// page hydrates (hydrateRoot) only when window.hydrateApp() is called, as a slow bundle would
// after Glossa has translated the page. The pragma: the project's tsconfig names preact.
import { useEffect, useState } from 'react';

export function App() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'yes';
  }, []);
  return (
    <main id="root-view">
      <h2 id="title">Server-rendered notes</h2>
      <p id="count">You clicked {count} times</p>
      <div><button id="inc" title="Adds one to the count" onClick={() => setCount((c) => c + 1)}>Add one</button></div>
      <p id="sentence">Read <a href="#guide">the guide</a> and <b>the notes</b> for help.</p>
    </main>
  );
}
