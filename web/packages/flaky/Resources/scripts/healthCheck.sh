#!/bin/sh
# Prints "healthy" when the service answers on its port.
if curl -fs http://localhost:8080/health > /dev/null; then
  echo healthy
else
  echo "not answering"
fi
