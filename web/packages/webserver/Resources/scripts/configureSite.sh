#!/bin/sh
# configureSite.sh DOMAIN PORT HTTPS(on|off) ADMIN_EMAIL "DATABASE_URL" "INDEX_PAGE"
set -e
domain=$1 port=$2 https=$3 email=$4 database=$5 index=$6

apt-get install -y nginx
mkdir -p "/var/www/$domain"
if [ -n "$index" ]; then
  printf '%s\n' "$index" > "/var/www/$domain/index.html"
else
  printf '<h1>%s</h1>\n<p>Contact: %s</p>\n' "$domain" "$email" > "/var/www/$domain/index.html"
fi
listen="$port"
if [ "$https" = on ]; then
  openssl req -x509 -nodes -days 365 -newkey rsa:2048 -subj "/CN=$domain" \
    -keyout "/etc/ssl/private/$domain.key" -out "/etc/ssl/certs/$domain.crt"
  listen="$port ssl"
fi
cat > "/etc/nginx/sites-enabled/$domain" <<CONF
server {
    listen $listen;
    server_name $domain;
    root /var/www/$domain;
    $( [ "$https" = on ] && echo "ssl_certificate /etc/ssl/certs/$domain.crt; ssl_certificate_key /etc/ssl/private/$domain.key;" )
    location / { try_files \$uri \$uri/ =404; }
}
CONF
[ -n "$database" ] && echo "DATABASE_URL=$database" > "/var/www/$domain/.env"
systemctl reload nginx
echo "$domain configured"
