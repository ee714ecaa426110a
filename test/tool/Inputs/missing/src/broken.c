int broken( { return 0; }
