#!/bin/sh
# configureNode.sh ENGINE MEMORY_MB PORT primary|replica PASSWORD "PEER ..."
set -e
engine=$1 memory=$2 port=$3 role=$4 password=$5 peers=$6

case "$engine" in
  redis)
    apt-get install -y redis-server
    conf=/etc/redis/redis.conf
    sed -i "s/^bind .*/bind 0.0.0.0/; s/^port .*/port $port/" "$conf"
    echo "maxmemory ${memory}mb" >> "$conf"
    [ -n "$password" ] && echo "requirepass $password" >> "$conf" && echo "masterauth $password" >> "$conf"
    if [ "$role" = replica ]; then
      set -- $peers
      echo "replicaof $1 $port" >> "$conf"
    fi
    systemctl restart redis-server
    ;;
  memcached)
    apt-get install -y memcached
    sed -i "s/^-m .*/-m $memory/; s/^-p .*/-p $port/; s/^-l .*/-l 0.0.0.0/" /etc/memcached.conf
    systemctl restart memcached
    ;;
esac
echo "$engine $role on port $port"
