export interface BlogPost {
  question: string;
  /** Paragraphs of the answer. */
  answer: string[];
}

export const blogPosts: BlogPost[] = [
  {
    question: 'How will you improve the performance of a React application?',
    answer: [
      'Measure first: the React DevTools Profiler shows which components render, how often and for how long, and Lighthouse shows what the user waits for. Optimise what the numbers point at, not what looks slow.',
      'Render less: keep state as close as possible to where it is used so that a change re-renders a small subtree, derive values during render instead of copying them into state, and use memo, useMemo and useCallback only where the Profiler shows repeated expensive work. Give list items stable keys and virtualise very long lists.',
      'Ship less: split the bundle by route with lazy loading so each page downloads only its own code, import only the parts of libraries you use, serve compressed and long-cached assets, and size images with width and height in a modern format so the layout does not shift.',
      'Fetch smarter: cache server data with a library such as TanStack Query, request only what the screen shows (pagination, limits), and start requests early rather than in a chain of effects.',
    ],
  },
  {
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'Local state with useState or useReducer covers most needs: form inputs, toggles, the selected tab. useReducer helps when several values change together.',
      'Shared client state can be lifted to the nearest common parent and passed down, or put in a context when many distant components read it (the signed-in user, the theme). For state that changes often and is read widely, a small store such as Zustand or Redux Toolkit avoids re-rendering every consumer.',
      'Server state (products, orders) is a cache of data that lives elsewhere; a query library such as TanStack Query or SWR handles loading, errors, caching, refetching and invalidation after a mutation, which is much less code than keeping it in global state by hand.',
      'The URL is state too: route parameters and the query string hold what should survive a reload or be shared as a link, such as a product id or a search term. Form libraries such as React Hook Form keep form state and validation out of the render path.',
    ],
  },
  {
    question: 'How does prototypical inheritance work?',
    answer: [
      'Every JavaScript object has an internal link, [[Prototype]], to another object or to null. When you read a property that the object does not have itself, the engine looks it up on the prototype, then on the prototype\u2019s prototype, and so on along the chain until it finds it or reaches null.',
      'Object.create(proto) makes a new object whose prototype is proto. A function called with new creates an object whose prototype is that function\u2019s prototype property, which is why methods defined on Car.prototype are shared by every car instead of being copied into each one.',
      'The class syntax is built on the same mechanism: class Truck extends Car sets Truck.prototype\u2019s prototype to Car.prototype, and super calls walk that chain. Writing a property always creates or changes it on the object itself, shadowing the inherited one, and Object.getPrototypeOf shows the link.',
    ],
  },
  {
    question: 'Why should you write unit tests?',
    answer: [
      'A unit test checks one small piece of code, such as a function that computes an order total, in isolation and in milliseconds. It proves that the piece does what you meant today and keeps proving it every time anyone changes the code, so regressions are caught on the developer\u2019s machine or in CI instead of by a customer.',
      'Tests make change safe: you can refactor or upgrade a dependency and know at once whether behaviour changed. They are also documentation that cannot go out of date, showing with examples how the code is meant to be used, including the edge cases (zero, negative, empty, very large).',
      'Writing the test first, or alongside the code, pushes the design towards small functions with clear inputs and outputs. Unit tests do not replace integration and browser tests, which check that the pieces work together, but they are the fast, precise base of the testing pyramid.',
    ],
  },
  {
    question:
      'You have an array of products. Each product has a name, price, description, etc. How will you implement a search to find products by name?',
    answer: [
      'Normalise the query and the names the same way, then filter: const q = query.trim().toLowerCase(); const results = products.filter((p) => p.name.toLowerCase().includes(q)); An empty query returns every product, and includes matches a word anywhere in the name, so "pad" finds "Sintered Front Brake Pads".',
      'For a friendlier search, split the query into words and keep products whose name contains every word, and remove accents with normalize("NFD") so "disco" and "disc\u00f3" match. In a React page, keep the query in state (or in the URL), compute the results with useMemo, and debounce typing when the list is large.',
      'When the catalogue grows to thousands of items or lives on the server, search there instead: a database index (for example PostgreSQL full-text search or a trigram index) answers fast and only the matching page of results is sent to the browser.',
    ],
  },
];
