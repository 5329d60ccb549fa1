// The Vue 3 test app (the full build, templates compiled in the page): the same views as the
// React and Svelte apps; <KeepAlive> keeps the home view's nodes while the about view is shown,
// and the tip in the sentence is a v-if (a placeholder comment while hidden).
import { createApp, defineComponent, ref } from 'vue';
import { INITIAL_ITEMS, MORE_ITEMS, TIMER_MS, TIMER_RUNS, viewOfLocation, type View } from './data';

const Home = defineComponent({
  name: 'HomeView',
  setup() {
    const count = ref(0);
    const items = ref([...INITIAL_ITEMS]);
    let added = 0;
    const details = ref(false);
    const runs = ref(-1);
    const tip = ref(false);
    const tick = () => {
      runs.value++;
      if (runs.value < TIMER_RUNS) setTimeout(tick, TIMER_MS);
    };
    return {
      count, items, details, runs, tip, TIMER_RUNS,
      add: () => items.value.push(MORE_ITEMS[added++ % MORE_ITEMS.length]),
      remove: () => items.value.shift(),
      reverse: () => items.value.reverse(),
      startTimer: () => {
        runs.value = -1;
        tick();
      },
    };
  },
  template: `<section id="home">
    <h2 id="title">Counter and list</h2>
    <p id="count">You clicked {{ count }} times</p>
    <div><button id="inc" title="Adds one to the count" @click="count++">Add one</button></div>
    <ul id="list"><li v-for="item in items" :key="item">{{ item }}</li></ul>
    <div>
      <button id="add" @click="add">Add an item</button>
      <button id="remove" @click="remove">Remove the first item</button>
      <button id="reverse" @click="reverse">Reverse the list</button>
    </div>
    <div><button id="toggle" @click="details = !details">{{ details ? 'Hide details' : 'Show details' }}</button></div>
    <p id="details" v-if="details">These details appear only when asked for.</p>
    <div><button id="timer" @click="startTimer">Start the timer</button></div>
    <p id="timer-status" v-if="runs < 0">The timer has not started.</p>
    <p id="timer-status" v-else-if="runs < TIMER_RUNS">The timer ran {{ runs }} times.</p>
    <p id="timer-status" v-else>The timer stopped after {{ runs }} runs.</p>
    <p id="sentence">Read <a href="#guide">the guide</a> and <em v-if="tip">the tip and </em><b>the notes</b> for help.</p>
    <div><button id="tip" @click="tip = !tip">Toggle the tip</button></div>
  </section>`,
});

const About = defineComponent({
  name: 'AboutView',
  template: `<section id="about">
    <h2 id="about-title">About this app</h2>
    <p id="about-text">This page was built to test live translation.</p>
  </section>`,
});

const App = defineComponent({
  components: { Home, About },
  setup() {
    const view = ref<View>(viewOfLocation());
    addEventListener('popstate', () => (view.value = viewOfLocation()));
    return {
      view,
      go(next: View) {
        history.pushState(null, '', next === 'about' ? '?view=about' : location.pathname);
        view.value = next;
      },
    };
  },
  template: `<nav><button id="go-home" @click="go('home')">Home</button> <button id="go-about" @click="go('about')">About</button></nav>
    <KeepAlive><component :is="view === 'about' ? 'About' : 'Home'" /></KeepAlive>`,
});

createApp(App).mount('#app');
