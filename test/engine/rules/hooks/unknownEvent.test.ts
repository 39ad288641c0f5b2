import { ruleTester } from '../../ruleTester';
import { validPluginWith } from '../../validPlugin';

/** The valid plugin with a `hooks` object of these members. */
const withHooks = (members: string) =>
  validPluginWith(['"contributes": {', `"contributes": {\n    "hooks": { ${members} },`]);

ruleTester('hooks.unknown-event', {
  valid: [
    { name: 'an event the reference names', ...withHooks('"onAppReady": "./hooks/ready.js"') },
    {
      name: 'every event it names',
      ...withHooks(
        '"onAgentComplete": "./a.js", "onSessionMessage": "./a.js", "onToolCall": "./a.js", "onSessionStart": "./a.js", "onAgentHitlRequest": "./a.js", "onFileChangeNotify": "./a.js", "onRuntimeReady": "./a.js", "onAppReady": "./a.js"',
      ),
    },
  ],
  invalid: [
    {
      name: 'a misspelt event, with the closest one',
      plugin: withHooks('«"onAppRedy"»: "./hooks/ready.js"'),
      severity: 'warning',
      message: 'Did you mean `onAppReady`?',
    },
    {
      name: 'a name every object has is no event',
      plugin: withHooks('«"constructor"»: "./hooks/ready.js"'),
      message: /^Hook event `constructor` is not one the reference names/,
    },
  ],
});
