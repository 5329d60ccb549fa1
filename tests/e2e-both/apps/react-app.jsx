/** @jsxImportSource react */
// The React 19 test app: a counter, a list with add/remove/reverse, a toggled paragraph, a timer,
// an element inserted into a sentence and a client-side route change (history.pushState). The
// pragma above: the project's tsconfig names preact for its own UI.
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { INITIAL_ITEMS, MORE_ITEMS, TIMER_MS, TIMER_RUNS, viewOfLocation } from './data';

// The home view's state lives in App, so it survives the route change as Vue's KeepAlive keeps it.
function useHomeState() {
  const [count, setCount] = useState(0);
  const [items, setItems] = useState(INITIAL_ITEMS);
  const added = useRef(0);
  const [details, setDetails] = useState(false);
  const [runs, setRuns] = useState(-1);
  const [tip, setTip] = useState(false);
  useEffect(() => {
    if (runs < 0 || runs >= TIMER_RUNS) return undefined;
    const timer = setTimeout(() => setRuns((r) => r + 1), TIMER_MS);
    return () => clearTimeout(timer);
  }, [runs]);
  return { count, setCount, items, setItems, added, details, setDetails, runs, setRuns, tip, setTip };
}

function Home({ state }) {
  const { count, setCount, items, setItems, added, details, setDetails, runs, setRuns, tip, setTip } = state;
  const timerText = runs < 0 ? 'The timer has not started.' : runs < TIMER_RUNS ? `The timer ran ${runs} times.` : `The timer stopped after ${runs} runs.`;
  return (
    <section id="home">
      <h2 id="title">Counter and list</h2>
      <p id="count">You clicked {count} times</p>
      <div><button id="inc" title="Adds one to the count" onClick={() => setCount((c) => c + 1)}>Add one</button></div>
      <ul id="list">{items.map((item) => <li key={item}>{item}</li>)}</ul>
      <div>
        <button id="add" onClick={() => setItems((list) => [...list, MORE_ITEMS[added.current++ % MORE_ITEMS.length]])}>Add an item</button>
        <button id="remove" onClick={() => setItems((list) => list.slice(1))}>Remove the first item</button>
        <button id="reverse" onClick={() => setItems((list) => [...list].reverse())}>Reverse the list</button>
      </div>
      <div><button id="toggle" onClick={() => setDetails((d) => !d)}>{details ? 'Hide details' : 'Show details'}</button></div>
      {details && <p id="details">These details appear only when asked for.</p>}
      <div><button id="timer" onClick={() => setRuns(0)}>Start the timer</button></div>
      <p id="timer-status">{timerText}</p>
      <p id="sentence">Read <a href="#guide">the guide</a> and {tip && <em>the tip and </em>}<b>the notes</b> for help.</p>
      <div><button id="tip" onClick={() => setTip((t) => !t)}>Toggle the tip</button></div>
    </section>
  );
}

function About() {
  return (
    <section id="about">
      <h2 id="about-title">About this app</h2>
      <p id="about-text">This page was built to test live translation.</p>
    </section>
  );
}

function App() {
  const home = useHomeState();
  const [view, setView] = useState(viewOfLocation);
  const go = (next) => {
    history.pushState(null, '', next === 'about' ? '?view=about' : location.pathname);
    setView(next);
  };
  useEffect(() => {
    const onPop = () => setView(viewOfLocation());
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  return (
    <>
      <nav><button id="go-home" onClick={() => go('home')}>Home</button> <button id="go-about" onClick={() => go('about')}>About</button></nav>
      {view === 'home' ? <Home state={home} /> : <About />}
    </>
  );
}

createRoot(document.getElementById('app')).render(<App />);
