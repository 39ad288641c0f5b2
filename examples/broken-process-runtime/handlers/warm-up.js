'use strict';

// Left over from the plugin's node-runtime days: a process plugin runs no handler modules.
module.exports = async function handler() {};
